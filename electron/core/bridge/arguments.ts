import {
  isProfileName,
  PROFILES,
  type ProfileName,
  type SetKeyOptions,
} from '../../contract/profiles';
import type { BridgeArgs, BridgeMethod } from '../../contract/bridge';
import {
  checkCreateOptions,
  checkListQuery,
  checkNewPet,
  checkPageRequest,
  checkPetId,
  checkReadOptions,
} from '../api/arguments';
import { InvalidArgumentError } from '../errors/invalid-argument-error';
import { checkApiKey } from '../keys/key-format';

const MAX_URL_LENGTH = 2048;

function profileArg(value: unknown): ProfileName {
  if (isProfileName(value)) return value;
  throw new InvalidArgumentError(`The profile must be one of ${PROFILES.join(', ')}.`, {
    field: 'profile',
  });
}

function arity(args: readonly unknown[], max: number): void {
  if (args.length > max) {
    throw new InvalidArgumentError(`Expected at most ${max} arguments, got ${args.length}.`, {
      field: 'args',
    });
  }
}

function keyOptions(value: unknown): SetKeyOptions {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new InvalidArgumentError('The key options must be an object.', { field: 'options' });
  }
  const accept = (value as { acceptPlainStorage?: unknown }).acceptPlainStorage;
  if (accept === undefined) return {};
  if (typeof accept !== 'boolean') {
    throw new InvalidArgumentError('acceptPlainStorage must be true or false.', {
      field: 'acceptPlainStorage',
    });
  }
  return { acceptPlainStorage: accept };
}

function urlArg(value: unknown): string {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) {
    throw new InvalidArgumentError(
      `The base URL must be text of at most ${MAX_URL_LENGTH} characters.`,
      {
        field: 'baseUrl',
      },
    );
  }
  return value;
}

type Parsers = { [M in BridgeMethod]: (args: readonly unknown[]) => BridgeArgs<M> };

/** Wraps a parser with an arity check, so extra arguments are refused rather than ignored. */
function upTo<A>(max: number, parse: (args: readonly unknown[]) => A) {
  return (args: readonly unknown[]): A => {
    arity(args, max);
    return parse(args);
  };
}

/**
 * Checks what arrived over the bridge, method by method, before any handler
 * runs: the renderer is trusted with nothing, not even types.
 */
export const ARGUMENT_PARSERS: Parsers = {
  appInfo: upTo(0, () => []),
  listProfiles: upTo(0, () => []),
  setBaseUrl: upTo(2, (a) => [profileArg(a[0]), urlArg(a[1])]),
  keyStorageInfo: upTo(1, (a) => [profileArg(a[0])]),
  setKey: upTo(3, (a) => [profileArg(a[0]), checkApiKey(a[1]), keyOptions(a[2])]),
  hasKey: upTo(1, (a) => [profileArg(a[0])]),
  clearKey: upTo(1, (a) => [profileArg(a[0])]),
  listPets: upTo(3, (a) => [profileArg(a[0]), checkListQuery(a[1]), checkReadOptions(a[2])]),
  listPetsPage: upTo(3, (a) => [profileArg(a[0]), checkPageRequest(a[1]), checkReadOptions(a[2])]),
  listOrders: upTo(2, (a) => [profileArg(a[0]), checkReadOptions(a[1])]),
  getPet: upTo(2, (a) => [profileArg(a[0]), checkPetId(a[1])]),
  createPet: upTo(3, (a) => [profileArg(a[0]), checkNewPet(a[1]), checkCreateOptions(a[2])]),
  rateLimit: upTo(1, (a) => [profileArg(a[0])]),
  endPause: upTo(1, (a) => [profileArg(a[0])]),
  idempotencyProvenAt: upTo(1, (a) => [profileArg(a[0])]),
  cancelCreate: upTo(2, (a) => [profileArg(a[0]), checkCreateOptions(a[1])]),
};
