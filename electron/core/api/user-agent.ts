/** The `User-Agent` Kennel sends: `Kennel/<version> (<platform>)`. */
export function userAgent(version: string, platform: string = process.platform): string {
  const clean = (text: string): string => text.replace(/[^\x20-\x7e]/g, '').slice(0, 40);
  return `Kennel/${clean(version)} (${clean(platform)})`;
}
