/** The proxy variables undici's EnvHttpProxyAgent reads, in both cases. */
export const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'] as const;

export type ProxyVariable = (typeof PROXY_VARIABLES)[number];

/**
 * The process's proxy variables as a test sets them: `use` clears every one (so the machine's own
 * do not leak in) and sets the given ones; `restore` puts back what was there when it was made.
 */
export function proxyEnvironment(): { use(values: Partial<Record<ProxyVariable, string>>): void; restore(): void } {
  const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));
  return {
    use(values) {
      for (const name of PROXY_VARIABLES) delete process.env[name];
      Object.assign(process.env, values);
    },
    restore() {
      for (const name of PROXY_VARIABLES) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    },
  };
}
