import { BRIDGE_TOKEN_HEADER } from '../../electron/contract/bridge';
import { rawBridgeCall } from '../helpers/e2e/bridge-request';
import { expect, KEYS, test } from '../helpers/e2e/fixtures';

test.describe('app shell in browser mode', () => {
  test('loads in Chromium on the local profile, visibly marked', async ({ app, page }) => {
    await app.open();

    await expect(page).toHaveTitle(/Kennel/);
    await expect(app.profileBadge()).toHaveText('LOCAL');
    await expect(page.locator('[data-profile="local"]').first()).toBeAttached();
    await expect(page.getByLabel('Profile', { exact: true })).toHaveValue('local');
  });

  test('loads without a console error or a missing file, favicon included', async ({
    app,
    page,
    webHost,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`page: ${String(error)}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });

    await app.open();
    await app.enterKey(KEYS.pro);
    await expect(app.dataRows().first()).toBeVisible();

    const icon = page.locator('link[rel="icon"]');
    await expect(icon).toHaveAttribute('href', /favicon\.svg$/);
    const favicon = await page.request.get(new URL('/favicon.svg', webHost.origin).toString());
    expect(favicon.status()).toBe(200);
    expect(favicon.headers()['content-type']).toBe('image/svg+xml');
    expect(problems).toEqual([]);
  });

  test('the bridge answers only the page that holds the token, from its own origin', async ({
    webHost,
  }) => {
    const own = { [BRIDGE_TOKEN_HEADER]: webHost.token, origin: webHost.origin };

    // The control call: with the right token and origin the bridge answers, so the
    // refusals below are about the credentials, not a broken host.
    const allowed = await rawBridgeCall(webHost.origin, 'appInfo', [], own);
    expect(allowed.status).toBe(200);
    expect(allowed.body).toContain('Kennel');

    const refused = [401, 403];
    const noToken = await rawBridgeCall(webHost.origin, 'appInfo', [], {
      origin: webHost.origin,
    });
    expect(refused, `no token: got ${noToken.status}`).toContain(noToken.status);

    const wrongToken = await rawBridgeCall(webHost.origin, 'appInfo', [], {
      ...own,
      [BRIDGE_TOKEN_HEADER]: `${webHost.token.slice(0, -1)}${webHost.token.endsWith('0') ? '1' : '0'}`,
    });
    expect(refused, `wrong token: got ${wrongToken.status}`).toContain(wrongToken.status);

    const foreignOrigin = await rawBridgeCall(webHost.origin, 'appInfo', [], {
      ...own,
      origin: 'http://evil.example',
    });
    expect(refused, `foreign Origin: got ${foreignOrigin.status}`).toContain(foreignOrigin.status);

    // DNS rebinding: a foreign name resolving to 127.0.0.1 carries a foreign Host.
    const foreignHost = await rawBridgeCall(webHost.origin, 'appInfo', [], {
      ...own,
      host: `evil.example:${webHost.port}`,
    });
    expect(refused, `foreign Host: got ${foreignHost.status}`).toContain(foreignHost.status);

    for (const answer of [noToken, wrongToken, foreignOrigin, foreignHost]) {
      expect(answer.body).not.toContain(webHost.token);
    }
  });
});
