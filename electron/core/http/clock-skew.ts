/** The `Date` header has one-second resolution: the server's clock was somewhere in [date, date + 1 s). */
const DATE_RESOLUTION_MS = 1000;

/**
 * Estimates `server clock - local clock` from one response: the smallest offset
 * consistent with the `Date` header having been stamped between sending and
 * receiving. When the clocks agree within the header's resolution this is 0,
 * so same-host services are not "corrected" by rounding noise.
 *
 * @param dateHeader - the response `Date`, epoch ms (server clock)
 * @param sentAt - local epoch ms when the request left
 * @param receivedAt - local epoch ms when the response arrived
 */
export function estimateSkew(dateHeader: number, sentAt: number, receivedAt: number): number {
  const lowest = dateHeader - receivedAt;
  const highest = dateHeader + DATE_RESOLUTION_MS - sentAt;
  if (lowest > 0) return lowest;
  if (highest < 0) return highest;
  return 0;
}
