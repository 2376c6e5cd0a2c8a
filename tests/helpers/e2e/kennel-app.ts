import { expect, type Locator, type Page } from '@playwright/test';
import { readOutboxEntries } from './outbox-entries';

/** Profile labels as the UI shows them. */
export type ProfileLabel = 'Local' | 'Staging' | 'Production';

/** One animal row as shown in the list: each cell's first line, keyed by the header names. */
export interface AnimalRow {
  name: string;
  id: string;
  category: string;
  status: string;
  /** The whole row's text, badges included. */
  text: string;
}

/** What the add form is given; `status` is the service's value, omitted for none. */
export interface AnimalInput {
  name: string;
  /** What is typed into Category: a category number, or a name from the profile's list. */
  categoryId: string;
  status?: 'available' | 'pending' | 'sold';
}

/** What staff read for each of the service's statuses, in the list, the form and the filter. */
const STATUS_LABELS = {
  available: 'Available',
  pending: 'Adoption pending',
  sold: 'Adopted',
} as const;

/** The name shown for `status`: "Adopted" for sold, "No status" for none. */
export function statusLabel(status: string | null | undefined): string {
  if (status === null || status === undefined) return 'No status';
  return status in STATUS_LABELS ? STATUS_LABELS[status as keyof typeof STATUS_LABELS] : status;
}

/**
 * Drives one tab of Kennel through its accessible names only (roles, labels,
 * the few agreed `data-testid`s), the way a user or a screen reader finds things.
 */
export class KennelApp {
  constructor(
    readonly page: Page,
    private readonly appUrl: string,
  ) {}

  /**
   * The hold before sending that {@link enterKey} sets for the profile, through
   * Settings as staff would: none, as most tests are not about the hold; null
   * leaves the profile's own (10 seconds unless changed).
   */
  holdSeconds: number | null = 0;

  /** Opens the app (the URL carries the web host's per-launch token) and waits for the shell. */
  async open(): Promise<void> {
    await this.page.goto(this.appUrl);
    await expect(this.page.getByRole('heading', { name: 'Kennel' }).first()).toBeVisible();
  }

  /** How most tests begin: open the app, enter `key` for Local, and wait until nothing is queued. */
  async openWithKey(key: string): Promise<void> {
    await this.open();
    await this.enterKey(key);
    await this.expectWaiting(0);
  }

  /** Reloads the tab as a user pressing F5 would. */
  async reload(): Promise<void> {
    await this.page.reload();
    await expect(this.page.getByRole('heading', { name: 'Kennel' }).first()).toBeVisible();
  }

  keyDialog(profile: ProfileLabel = 'Local'): Locator {
    return this.page.getByRole('dialog', { name: `API key for ${profile}` });
  }

  /**
   * Types `key` into the key dialog (waiting for it to open) and saves it. Where
   * the computer cannot encrypt it (as for every test, which has no password
   * store), the second step is answered "on this computer", so a reload keeps it.
   */
  async enterKey(key: string, profile: ProfileLabel = 'Local'): Promise<void> {
    const dialog = this.keyDialog(profile);
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('API key', { exact: true }).fill(key);
    await dialog.getByRole('button', { name: /^(Save key|Continue)$/ }).click();
    const remember = dialog.getByRole('radio', { name: 'On this computer, unencrypted' });
    await expect
      .poll(async () => (await dialog.isHidden()) || (await remember.isVisible()))
      .toBe(true);
    if (await remember.isVisible()) {
      await remember.check();
      await dialog.getByRole('button', { name: 'Save key' }).click();
    }
    await expect(dialog).toBeHidden();
    if (this.holdSeconds !== null) await this.setHold(this.holdSeconds);
  }

  /** Sets the active profile's hold before sending in Settings, as staff would. */
  async setHold(seconds: number): Promise<void> {
    await this.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = this.page.getByRole('dialog', { name: 'Settings' });
    const field = settings.getByLabel('Wait before sending (seconds)');
    // As staff do: the field shows the hold in force before it is changed.
    await expect(field).toHaveValue(/^\d+$/);
    await field.fill(String(seconds));
    await field.press('Tab');
    // The saved figure itself: a note about an earlier keystroke's value is not it.
    await expect(
      settings.getByText(
        new RegExp(`^Saved\\. New animals of the .* wait ${seconds} seconds?\\.$`),
      ),
    ).toBeVisible();
    await settings.getByRole('button', { name: 'Cancel' }).click();
    await expect(settings).toBeHidden();
  }

  /** Switches profile through the header's "Profile" select. */
  async selectProfile(profile: ProfileLabel): Promise<void> {
    await this.page.getByLabel('Profile', { exact: true }).selectOption({ label: profile });
  }

  profileBadge(): Locator {
    return this.page.getByTestId('profile-badge');
  }

  connection(): Locator {
    return this.page.getByRole('status', { name: 'Connection' });
  }

  waitingCount(): Locator {
    return this.page.getByTestId('waiting-count');
  }

  /** Waits until the sync panel says `n waiting`. */
  async expectWaiting(n: number, timeout?: number): Promise<void> {
    await expect(this.waitingCount()).toHaveText(
      new RegExp(`^\\s*${n} waiting\\s*$`),
      timeout === undefined ? {} : { timeout },
    );
  }

  // --- add form -------------------------------------------------------------

  nameInput(): Locator {
    return this.page.getByLabel('Name', { exact: true });
  }

  categoryInput(): Locator {
    return this.page.getByLabel('Category', { exact: true });
  }

  statusSelect(): Locator {
    return this.page.getByLabel('Status', { exact: true });
  }

  addButton(): Locator {
    return this.page.getByRole('button', { name: 'Add animal' });
  }

  /** Fills the add form and submits it, without waiting for any outcome. */
  async submitAnimal(animal: AnimalInput): Promise<void> {
    await this.nameInput().fill(animal.name);
    await this.categoryInput().fill(animal.categoryId);
    await this.statusSelect().selectOption({ label: statusLabel(animal.status) });
    await this.addButton().click();
  }

  /**
   * Adds an animal and waits for the form's one outcome: queued for sync,
   * added at once, or refused by the service. The form must clear and give focus back to "Name".
   */
  async addAnimal(animal: AnimalInput): Promise<void> {
    await this.submitAnimal(animal);
    await expect(
      this.page
        .getByText(
          new RegExp(
            `^\\s*(Queued ${escapeRegExp(animal.name)} for sync\\.|Added ${escapeRegExp(animal.name)}\\.|${escapeRegExp(animal.name)} was not added\\. .*)\\s*$`,
          ),
        )
        .first(),
    ).toBeVisible();
    await expect(this.nameInput()).toHaveValue('');
    await expect(this.nameInput()).toBeFocused();
  }

  /**
   * Enters an animal the way a scanner or a quick hand does: fills Name and
   * Category (and picks Status) and presses Enter in Category at once.
   * Waits for nothing the app shows afterwards, so the next animal can start
   * while this one is still being saved.
   */
  async enterAnimalAtOnce(animal: AnimalInput): Promise<void> {
    await this.nameInput().fill(animal.name);
    if (animal.status !== undefined) {
      await this.statusSelect().selectOption({ label: statusLabel(animal.status) });
    }
    await this.categoryInput().fill(animal.categoryId);
    await this.categoryInput().press('Enter');
  }

  /**
   * Enters animals one after another at a scanner's pace: each is filled and
   * sent with Enter the moment the previous one was, never waiting for the app
   * to confirm, clear or refocus. The caller waits for the outcome it needs,
   * as a person glances at the queue once the pile is done.
   */
  async enterAnimals(animals: AnimalInput[]): Promise<void> {
    for (const animal of animals) await this.enterAnimalAtOnce(animal);
  }

  /**
   * Types an animal key by key into Name, then Category (picking Status in
   * between when given), and presses Enter; like {@link enterAnimalAtOnce} it
   * waits for nothing afterwards. Keys are appended to whatever the fields hold.
   */
  async typeAnimalByKeys(animal: AnimalInput, delayMs = 0): Promise<void> {
    await this.nameInput().pressSequentially(animal.name, { delay: delayMs });
    if (animal.status !== undefined) {
      await this.statusSelect().selectOption({ label: statusLabel(animal.status) });
    }
    await this.categoryInput().pressSequentially(animal.categoryId, { delay: delayMs });
    await this.page.keyboard.press('Enter');
  }

  /**
   * Types an animal with the keyboard alone, from wherever the cursor is: the
   * name, Tab, the category, Enter. It lands in the form only if the form put
   * the cursor back in Name after the previous animal. Waits for nothing after.
   */
  async scanAnimal(animal: Omit<AnimalInput, 'status'>, delayMs = 0): Promise<void> {
    await this.page.keyboard.type(animal.name, { delay: delayMs });
    await this.page.keyboard.press('Tab');
    await this.page.keyboard.type(animal.categoryId, { delay: delayMs });
    await this.page.keyboard.press('Enter');
  }

  /** "Saving N animals…" next to Add animal, while more than one is being stored. */
  savingNote(): Locator {
    return this.page.getByText(/^Saving \d+ animals…$/);
  }

  /** The list of animals that could not be saved on this computer, under the form. */
  notSaved(): Locator {
    return this.page.getByRole('region', { name: 'Not saved' });
  }

  /**
   * The names of the animals in the profile's outbox in this computer's
   * database, in queue order, read straight from IndexedDB.
   */
  async outboxNames(profile: 'local' | 'staging' | 'production' = 'local'): Promise<string[]> {
    return (await readOutboxEntries(this.page, profile)).map((entry) => entry.name);
  }

  // --- list -----------------------------------------------------------------

  /** The animals list; a table or a grid, named "Animals". */
  animalsList(): Locator {
    return this.page
      .getByRole('table', { name: 'Animals' })
      .or(this.page.getByRole('grid', { name: 'Animals' }));
  }

  /** Data rows currently in the DOM (the list is virtualised: only the visible ones). */
  dataRows(): Locator {
    return this.animalsList()
      .getByRole('row')
      .filter({ has: this.page.locator('[role="cell"], [role="gridcell"], td') });
  }

  /** Reads the visible rows, mapping cells to the header names Name / ID / Category / Status. */
  async visibleRows(): Promise<AnimalRow[]> {
    const list = this.animalsList();
    const headers = (await list.getByRole('columnheader').allInnerTexts()).map((h) => h.trim());
    const column = (name: string): number => {
      const index = headers.findIndex((h) => h.startsWith(name));
      if (index < 0)
        throw new Error(`The Animals list has no "${name}" column (has ${headers.join(', ')})`);
      return index;
    };
    const columns = {
      name: column('Name'),
      id: column('ID'),
      category: column('Category'),
      status: column('Status'),
    };
    // Read in one go: the list draws only the rows in view, and one that
    // scrolls or resizes between two reads would lose a row halfway.
    const drawn = await this.dataRows().evaluateAll((elements) => {
      const shown = (el: unknown): string => (el as { innerText: string }).innerText.trim();
      return elements.map((row) => ({
        cells: [...row.querySelectorAll('[role="cell"], [role="gridcell"], td')].map(shown),
        text: shown(row),
      }));
    });
    const rows: AnimalRow[] = drawn.map(({ cells, text }) => {
      // A cell may carry a badge ("waiting to be sent") on its own line after the value.
      const value = (index: number): string => (cells[index] ?? '').split('\n')[0]?.trim() ?? '';
      return {
        name: value(columns.name),
        id: value(columns.id),
        category: value(columns.category),
        status: value(columns.status),
        text,
      };
    });
    return rows;
  }

  /** The data row for the animal called `name`, if it is rendered. */
  rowNamed(name: string): Locator {
    return this.dataRows().filter({ hasText: name });
  }

  // --- list toolbar ---------------------------------------------------------

  /** The "Search" box over the list (name or ID, as you type). */
  searchBox(): Locator {
    return this.page.getByLabel('Search', { exact: true });
  }

  statusFilter(): Locator {
    return this.page.getByLabel('Status filter', { exact: true });
  }

  refreshButton(): Locator {
    return this.page.getByRole('button', { name: 'Refresh', exact: true });
  }

  /** "350 animals on this computer" / "Showing 12 of 350 animals on this computer". */
  listCounts(): Locator {
    return this.page.getByTestId('list-counts');
  }

  /** Every "The service returned the first N … and shows no way to see more." notice. */
  cutNotices(): Locator {
    return this.page.getByText(
      /^The service returned the first \d+ .*and shows no way to see more\.$/,
    );
  }

  /** The column header of the Animals list named `label` (Name, ID, Category, Status). */
  columnHeader(label: 'Name' | 'ID' | 'Category' | 'Status'): Locator {
    return this.animalsList().getByRole('columnheader', { name: label, exact: true });
  }

  /** The sort button inside the column header named `label`. */
  sortButton(label: 'Name' | 'ID' | 'Category' | 'Status'): Locator {
    return this.columnHeader(label).getByRole('button', { name: label, exact: true });
  }

  // --- needs attention ------------------------------------------------------

  needsAttentionButton(): Locator {
    return this.page
      .getByRole('button', { name: /^Needs attention \(\d+\)$/ })
      .or(this.page.getByRole('tab', { name: /^Needs attention \(\d+\)$/ }));
  }

  needsAttention(): Locator {
    return this.page.getByRole('region', { name: 'Needs attention' });
  }

  // --- rate limit, sync panel, undo -----------------------------------------

  /**
   * The header's quiet button that says how many requests are left and when
   * more come ("42 requests left · more in under a minute"), or that the
   * service paused sending ("Paused · sending again in 3 minutes").
   */
  rateLimitButton(): Locator {
    return this.page.getByRole('banner').getByRole('button', {
      name: /requests? left|^Paused · sending again |^No limit on requests$/i,
    });
  }

  /** The rate-limit figures, a tooltip shown while the button has focus or the pointer. */
  rateLimitTip(): Locator {
    return this.page.getByRole('banner').getByRole('tooltip');
  }

  /**
   * What screen readers hear about the rate limit: only that sending paused,
   * or that the pause ended.
   */
  rateLimitNews(): Locator {
    return this.page
      .getByRole('banner')
      .getByRole('status')
      .filter({ hasText: /^The (service asked Kennel to pause sending|pause is over)/ });
  }

  /**
   * Checks the header says the service paused sending: the button's word, its
   * figures (shown on focus) and the sentence screen readers hear.
   */
  async expectPausedByService(timeout?: number): Promise<void> {
    await expect(this.rateLimitButton()).toHaveAccessibleName(
      /^Paused · sending again (in under a minute|in \d+ minutes?|at .+)$/,
      timeout === undefined ? {} : { timeout },
    );
    await this.rateLimitButton().focus();
    await expect(
      this.rateLimitTip().getByText(/^Paused by the service, resuming in \d+ s$/),
    ).toBeVisible();
    await expect(this.rateLimitNews()).toHaveText(
      /^The service asked Kennel to pause sending until \d{1,2}:\d{2}:\d{2}(\s?[AP]M)?\.$/,
    );
  }

  syncNowButton(): Locator {
    return this.page.getByRole('button', { name: 'Sync now', exact: true });
  }

  /** Undo next to "Queued … for sync", offered while the animal added last is not sent yet. */
  undoButton(): Locator {
    return this.page.getByRole('button', { name: 'Undo', exact: true });
  }
}

/** Escapes `text` for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
