/**
 * Who sends a request, as the host saw it (issue 19 § 1). The engine cannot see sockets, so a host
 * that listens on a network (the Node host) tells it the peer address; a host with no network
 * listener (the service worker, reachable only from its own origin's pages) configures no access
 * control at all.
 */
export interface Caller {
  /** The peer's IP address as the socket reports it (`127.0.0.1`, `::1`, `::ffff:10.0.0.5`). */
  address?: string;
  /** The host's own requests (its start-up imports and first environments): trusted. */
  host?: true;
}

/** 127.0.0.0/8, ::1 and their IPv4-mapped form: the machine itself. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)) return true;
  return address === '::1' || address === '0:0:0:0:0:0:0:1';
}
