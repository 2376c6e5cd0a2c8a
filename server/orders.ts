/**
 * The fixed example orders of `GET /v1/store/orders`. The specification names
 * the operation but shows no shape, so this one is the reference service's own
 * invention: enough for a client to show orders and to prove it keeps ids above
 * 2^53 exact. The orders do not refer to the stored animals.
 */

/** One example order; ids are bigint so they are written as exact JSON integers. */
export interface ExampleOrder {
  id: bigint;
  petId: bigint;
  quantity: number;
  /** ISO 8601, UTC. */
  shipDate: string;
  status: 'placed' | 'approved' | 'delivered';
  complete: boolean;
}

/** 2^53 + 1: the first integer a JSON number read into a double cannot hold. */
const BEYOND_DOUBLE = 2n ** 53n + 1n;

export const EXAMPLE_ORDERS: readonly ExampleOrder[] = Object.freeze([
  {
    id: 1n,
    petId: 3n,
    quantity: 1,
    shipDate: '2030-01-14T09:30:00.000Z',
    status: 'delivered',
    complete: true,
  },
  {
    id: 2n,
    petId: BEYOND_DOUBLE,
    quantity: 1,
    shipDate: '2030-02-03T16:00:00.000Z',
    status: 'approved',
    complete: false,
  },
  {
    id: BEYOND_DOUBLE + 2n,
    petId: 12n,
    quantity: 2,
    shipDate: '2030-02-20T11:15:00.000Z',
    status: 'placed',
    complete: false,
  },
  {
    id: 4n,
    petId: 7n,
    quantity: 1,
    shipDate: '2030-03-01T08:00:00.000Z',
    status: 'placed',
    complete: false,
  },
]);
