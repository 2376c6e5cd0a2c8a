/**
 * A bridge `api` whose answers the test scripts, for driving the engine
 * through every error class. It records every call with its arguments.
 */
import type { BridgeError } from '../../../../electron/contract/errors';
import type { BridgeResult } from '../../../../electron/contract/bridge';
import type {
  CreatePetOptions,
  ListPetsQuery,
  NewPet,
  Pet,
  PetsPageRequest,
} from '../../../../electron/contract/pet';
import type { ProfileName } from '../../../../electron/contract/profiles';

interface CreateCall {
  profile: ProfileName;
  pet: NewPet;
  idempotencyKey: string;
  at: number;
  /** Creates waiting for an answer when this one started, itself included. */
  inFlight: number;
}

interface ListCall {
  profile: ProfileName;
  query: ListPetsQuery;
  at: number;
}

/** Answers a create: an error to return, or undefined to create the animal. */
type CreateScript = (call: CreateCall, index: number) => BridgeError | undefined;
/** Answers a list: an error, or undefined for the stored animals. */
type ListScript = (call: ListCall, index: number) => BridgeError | undefined;

/** The bridge methods the sync engine calls. */
import type { EngineApi } from '../../../../src/sync/context';

export type { EngineApi };

export interface ScriptedApi {
  api: EngineApi;
  creates: CreateCall[];
  lists: ListCall[];
  /** Animals "on the service", by idempotency key (a retry with the same key gets the same one). */
  created: Map<string, Pet>;
  setCreate(script: CreateScript): void;
  setList(script: ListScript): void;
  /** What `idempotencyProvenAt` answers; null (never proven) by default. */
  setProvenAt(at: number | null): void;
  /** Milliseconds every create takes to answer; 0 by default. */
  setCreateDelay(ms: number): void;
  /** The most creates that were waiting for an answer at the same time. */
  maxConcurrentCreates(): number;
  /**
   * Puts an animal on the service under the next id, as a create with `key`
   * would (a fresh key when none is given): a lost answer's animal, or one
   * someone else added.
   */
  store(pet: NewPet, key?: string): Pet;
}

/** A scripted api; by default every call succeeds. Ids start at `firstId`. */
export function scriptedApi(firstId = 1000n): ScriptedApi {
  let nextId = firstId;
  let createScript: CreateScript = () => undefined;
  let listScript: ListScript = () => undefined;
  const creates: CreateCall[] = [];
  const lists: ListCall[] = [];
  const created = new Map<string, Pet>();
  let provenAt: number | null = null;
  let createDelay = 0;
  let concurrent = 0;
  let maxConcurrent = 0;
  let otherKeys = 0;

  function store(pet: NewPet, key = `other-${++otherKeys}`): Pet {
    const stored: Pet = { id: String(nextId++), ...pet };
    created.set(key, stored);
    return stored;
  }

  async function list(profile: ProfileName, query: ListPetsQuery): Promise<BridgeResult<Pet[]>> {
    const call: ListCall = { profile, query, at: Date.now() };
    lists.push(call);
    const error = listScript(call, lists.length - 1);
    if (error) return { ok: false, error };
    const all = [...created.values()].filter((p) => !query.status || p.status === query.status);
    return { ok: true, value: all.slice(0, query.limit ?? 20) };
  }

  const api: EngineApi = {
    async createPet(profile: ProfileName, pet: NewPet, options: CreatePetOptions) {
      const call: CreateCall = {
        profile,
        pet,
        idempotencyKey: options.idempotencyKey,
        at: Date.now(),
        inFlight: concurrent + 1,
      };
      creates.push(call);
      const index = creates.length - 1;
      concurrent += 1;
      maxConcurrent = Math.max(maxConcurrent, concurrent);
      if (createDelay > 0) await new Promise((r) => setTimeout(r, createDelay));
      concurrent -= 1;
      const error = createScript(call, index);
      if (error) return { ok: false, error } satisfies BridgeResult<Pet>;
      const stored = created.get(options.idempotencyKey) ?? store(pet, options.idempotencyKey);
      return { ok: true, value: stored };
    },
    async listPets(profile: ProfileName, query: ListPetsQuery) {
      return list(profile, query);
    },
    // Scripted lists have a single page: the spec shows no pagination.
    async listPetsPage(profile: ProfileName, request: PetsPageRequest) {
      const query = 'query' in request ? request.query : {};
      const result = await list(profile, query);
      return result.ok ? { ok: true, value: { pets: result.value, next: null } } : result;
    },
    async idempotencyProvenAt() {
      return { ok: true, value: provenAt };
    },
    // Every scripted create answers before the next step, so none is ever left running.
    async cancelCreate() {
      return { ok: true, value: false };
    },
  };
  return {
    api,
    creates,
    lists,
    created,
    setCreate: (s) => {
      createScript = s;
    },
    setList: (s) => {
      listScript = s;
    },
    setProvenAt: (at) => {
      provenAt = at;
    },
    setCreateDelay: (ms) => {
      createDelay = ms;
    },
    maxConcurrentCreates: () => maxConcurrent,
    store,
  };
}
