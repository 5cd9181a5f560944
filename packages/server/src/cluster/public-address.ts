/**
 * Why `raw` cannot be a process's public address, or undefined when it can: a host, an optional
 * port and an optional path, without a scheme (`play.example.org/p1`, `localhost:8080/p2`). The
 * client puts `ws://` or `wss://` in front, as the page it runs in was served.
 */
export function checkPublicAddress(raw: string): string | undefined {
  if (/^[a-z][\w+.-]*:\/\//i.test(raw)) return `is a host and path without a scheme (play.example.org/p1), got ${raw}`;
  if (!/^[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~-]+)*$/.test(raw))
    return `must be a host, an optional port and path (play.example.org/p1), got ${raw}`;
  return undefined;
}
