import { LosslessNumber } from 'lossless-json';
import type {
  CreatePetOptions,
  GetPetResult,
  ListPetsQuery,
  NewPet,
  OrdersListing,
  Pet,
  PetsPage,
  PetsPageRequest,
} from '../../contract/pet';
import type { ReadOptions, RequestLane } from '../../contract/pacing';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { MalformedResponseError } from '../errors/malformed-response-error';
import { TimeoutError } from '../errors/timeout-error';
import { UnavailableError } from '../errors/unavailable-error';
import type { Governor, GovernorOptions, RunOptions } from '../governor/governor';
import type { GovernorRegistry } from '../governor/registry';
import { realTiming, type Timing } from '../governor/timing';
import { errorFromAnswer, type HttpAnswer } from '../http/answer';
import { stringifyJsonLossless } from '../http/json';
import { parseSuccessBody } from '../http/from-service';
import { checkListQuery, checkPageRequest, checkPetId, checkReadOptions } from './arguments';
import { getPetCutoff, readDeprecation } from './deprecation';
import { ANSWER_LIMITS } from './answer-limits';
import { isSameList, nextPageUrl } from './next-link';
import { parsePet, parsePets } from './pet-parser';
import { createTransport, type AttemptRequest } from './transport';

/** How a profile's API client is built. */
export interface ApiClientOptions {
  /** Normalised base URL, ending in `/v1`. */
  baseUrl: string;
  /** The profile's key at call time; throws `NotConfiguredError` when there is none. */
  getKey: () => Promise<string>;
  /** Where the key's shared governor comes from. */
  governors: GovernorRegistry;
  governorOptions?: GovernorOptions;
  userAgent: string;
  /** Governor and transport time; defaults to the wall clock. */
  timing?: Timing;
  /** Calendar clock for the deprecation cut-off; defaults to `timing.now`. */
  now?: () => number;
  /** Longest single attempt (default 10 s). */
  attemptTimeoutMs?: number;
  /** Longest a call may take including waits and retries (default 30 s). */
  deadlineMs?: number;
  /** Aborts everything in flight (shutdown). */
  signal?: AbortSignal;
  fetch?: typeof fetch;
  /**
   * Whether the profile's service is known to honour `Idempotency-Key`
   * (default: never). Only then is a create whose outcome is unknown sent
   * again inside one call; otherwise it fails at once with `outcomeUnknown`.
   */
  idempotencyProven?: () => Promise<boolean>;
  /**
   * The service answered a create as a replay of an earlier one: it honours the
   * key. Awaited before the create resolves, so whoever asks next knows it.
   */
  onIdempotentReplay?: () => void | Promise<void>;
}

/** The operations of the Pet Adoption Service, for one profile. */
export interface ApiClient {
  /** The profile's origin, e.g. `https://api.example.org`. */
  readonly origin: string;
  /** `GET /pets`: validates `limit` (1..100) and `status` before sending. */
  listPets(query?: ListPetsQuery, options?: ReadOptions): Promise<Pet[]>;
  /**
   * One page of `GET /pets`: a first page from a query, or the page a previous
   * one linked as `next` (RFC 8288 `Link`). A next link is only followed on
   * the profile's own list.
   */
  listPetsPage(request: PetsPageRequest, options?: ReadOptions): Promise<PetsPage>;
  /** `GET /store/orders`: any JSON, re-serialised losslessly (its shape is not specified). */
  listOrders(options?: ReadOptions): Promise<OrdersListing>;
  /**
   * `POST /pets`: sends the animal the bridge checked (`arguments.ts`, the
   * one check on the Node side), `categoryId` as an exact JSON integer, and the same `Idempotency-Key` on every attempt. An attempt whose
   * outcome is unknown is only sent again when the service is known to honour
   * the key; otherwise the call fails with `outcomeUnknown` and the caller
   * looks for the animal before sending again.
   */
  createPet(pet: NewPet, options: CreatePetOptions, signal?: AbortSignal): Promise<Pet>;
  /**
   * `GET /pets/{petId}` (deprecated): refuses without calling from the spec's
   * removal date or an earlier `Sunset` the service announced.
   */
  getPet(id: unknown): Promise<GetPetResult>;
  /** The governor of the current key. */
  governor(): Promise<Governor>;
}

/** Creates the client of one profile: one ky instance, the key's governor, lossless parsing. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const timing = options.timing ?? realTiming;
  const now = options.now ?? (() => timing.now());
  const attemptTimeoutMs = options.attemptTimeoutMs ?? 10_000;
  const deadlineMs = options.deadlineMs ?? 30_000;
  const transport = createTransport({
    baseUrl: options.baseUrl,
    userAgent: options.userAgent,
    timing,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
  });
  let sunsetSeen: number | null = null;

  const governorFor = (key: string): Governor =>
    options.governors.governorFor(transport.origin, key, options.governorOptions);

  async function exchange(
    request: Omit<AttemptRequest, 'key' | 'timeoutMs'>,
    retries: Pick<RunOptions, 'retryConflict' | 'retryUnknownOutcome'> = {},
    callSignal?: AbortSignal,
    lane: RequestLane = 'user',
    /** Hand back a final error answer instead of throwing it (its headers matter). */
    answerErrors = false,
  ): Promise<HttpAnswer> {
    const signals = [options.signal, callSignal].filter((s) => s !== undefined);
    const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
    const key = await options.getKey();
    const deadline = timing.now() + deadlineMs;
    const answer = await governorFor(key).run(
      async () => {
        const left = deadline - timing.now();
        if (left <= 0) {
          throw new TimeoutError('The deadline passed before the request could be sent.', {
            outcomeUnknown: false,
          });
        }
        return transport.send({
          ...request,
          key,
          timeoutMs: Math.min(attemptTimeoutMs, left),
          ...(signal === undefined ? {} : { signal }),
        });
      },
      {
        deadline,
        lane,
        ...retries,
        ...(signal === undefined ? {} : { signal }),
      },
    );
    if (!answerErrors && (answer.status < 200 || answer.status > 299)) {
      throw errorFromAnswer(answer);
    }
    return answer;
  }

  const listUrl = new URL('pets', `${options.baseUrl.replace(/\/+$/, '')}/`);

  async function listPage(rawRequest: unknown, readOptions?: unknown): Promise<PetsPage> {
    const request = checkPageRequest(rawRequest);
    const { lane } = checkReadOptions(readOptions);
    let url: URL;
    if ('next' in request) {
      url = new URL(request.next);
      if (!isSameList(url, listUrl)) {
        throw new InvalidArgumentError("A next-page link must stay on the profile's own list.", {
          field: 'next',
        });
      }
    } else {
      url = new URL(listUrl);
      if (request.query.limit !== undefined)
        url.searchParams.set('limit', String(request.query.limit));
      if (request.query.status !== undefined) url.searchParams.set('status', request.query.status);
    }
    const answer = await exchange(
      {
        method: 'GET',
        path: 'pets',
        searchParams: url.searchParams,
        maxBytes: ANSWER_LIMITS.petsPage,
      },
      {},
      undefined,
      lane,
    );
    const pets = parsePets(parseSuccessBody(answer), answer.status);
    try {
      const next = nextPageUrl(answer.headers.get('link'), url.href, listUrl, answer.status);
      return { pets, next };
    } catch (err) {
      // The page itself is good: keep it, and say why the list ends here.
      if (!(err instanceof MalformedResponseError)) throw err;
      return { pets, next: null, linkProblem: err.message };
    }
  }

  return {
    origin: transport.origin,

    async listPets(query, readOptions) {
      return (await listPage({ query: checkListQuery(query) }, readOptions)).pets;
    },

    listPetsPage: listPage,

    async listOrders(readOptions) {
      const { lane } = checkReadOptions(readOptions);
      const answer = await exchange(
        { method: 'GET', path: 'store/orders', maxBytes: ANSWER_LIMITS.orders },
        {},
        undefined,
        lane,
      );
      return { json: stringifyJsonLossless(parseSuccessBody(answer)) };
    },

    async createPet(pet, { idempotencyKey }, signal) {
      const body = stringifyJsonLossless({
        name: pet.name,
        categoryId: new LosslessNumber(pet.categoryId),
        ...(pet.status === undefined ? {} : { status: pet.status }),
      });
      const proven = (await options.idempotencyProven?.()) === true;
      const answer = await exchange(
        { method: 'POST', path: 'pets', body, idempotencyKey },
        { retryConflict: proven, retryUnknownOutcome: proven },
        signal,
        'intake',
      );
      if (answer.headers.get('idempotent-replayed')?.trim().toLowerCase() === 'true') {
        await options.onIdempotentReplay?.();
      }
      return parsePet(parseSuccessBody(answer), answer.status);
    },

    async getPet(rawId) {
      const id = checkPetId(rawId);
      const cutoff = getPetCutoff(sunsetSeen);
      if (now() >= cutoff) {
        throw new UnavailableError(
          `Fetching one animal by id was retired on ${new Date(cutoff).toISOString().slice(0, 10)}; use the list instead.`,
        );
      }
      const answer = await exchange(
        { method: 'GET', path: `pets/${id}` },
        {},
        undefined,
        'user',
        true,
      );
      const info = readDeprecation(answer.headers);
      if (info.sunsetAt !== null) {
        sunsetSeen = sunsetSeen === null ? info.sunsetAt : Math.min(sunsetSeen, info.sunsetAt);
      }
      if (answer.status < 200 || answer.status > 299) {
        // Gone, or not found once the announced Sunset has passed: the
        // operation is retired, which says nothing of whether the animal exists.
        const retired =
          answer.status === 410 ||
          (answer.status === 404 && sunsetSeen !== null && now() >= sunsetSeen);
        if (retired) {
          throw new UnavailableError(
            'Fetching one animal by id has been retired by the service; use the list instead.',
          );
        }
        throw errorFromAnswer(answer);
      }
      const pet = parsePet(parseSuccessBody(answer), answer.status);
      return {
        pet,
        deprecation: {
          deprecated: true,
          sunset: info.sunsetAt === null ? null : new Date(info.sunsetAt).toISOString(),
        },
      };
    },

    async governor() {
      return governorFor(await options.getKey());
    },
  };
}
