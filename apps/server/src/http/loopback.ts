/** Whether an address (a listen host or a client's) is this machine's own: loopback, IPv4 or IPv6. */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .replace(/^\[|\]$/g, '')
    .replace(/^::ffff:/i, '')
    .toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}
