/**
 * A small HTTP client for integration tests: keeps cookies like a browser, signs in through the real
 * form (with its CSRF token), and sends tokens like an API client.
 */
import { csrfTokenOf } from './csrfToken.ts';

export class HttpClient {
  private readonly cookies = new Map<string, string>();
  csrfToken = '';

  constructor(
    readonly baseUrl: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  static withToken(baseUrl: string, token: string): HttpClient {
    return new HttpClient(baseUrl, { 'PRIVATE-TOKEN': token });
  }

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  async request(
    method: string,
    path: string,
    init: {
      json?: unknown;
      form?: Record<string, string>;
      headers?: Record<string, string> | undefined;
    } = {},
  ) {
    const headers: Record<string, string> = { ...this.headers, ...init.headers };
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    let body: string | null = null;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = typeof init.json === 'string' ? init.json : JSON.stringify(init.json);
    } else if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(init.form).toString();
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair = ''] = setCookie.split(';');
      const [name = '', ...value] = pair.split('=');
      const text = value.join('=');
      if (text === '' || /expires=Thu, 01 Jan 1970/i.test(setCookie)) this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), text);
    }
    return response;
  }

  get(path: string, headers?: Record<string, string>) {
    return this.request('GET', path, { headers });
  }

  async json<T = unknown>(path: string): Promise<{ status: number; body: T; headers: Headers }> {
    const response = await this.get(path);
    return { status: response.status, body: (await response.json()) as T, headers: response.headers };
  }

  async graphql<T = unknown>(query: string, variables?: Record<string, unknown>) {
    const headers: Record<string, string> = this.csrfToken ? { 'x-csrf-token': this.csrfToken } : {};
    const response = await this.request('POST', '/api/graphql', { json: { query, variables }, headers });
    return {
      status: response.status,
      body: (await response.json()) as { data?: T; errors?: { message: string }[] },
    };
  }

  /** Reads the page's CSRF token from its `<meta name="csrf-token">`, as the browser app does. */
  async loadCsrfToken(path = '/users/sign_in'): Promise<string> {
    const html = await (await this.get(path)).text();
    this.csrfToken = csrfTokenOf(html);
    return this.csrfToken;
  }

  async signIn(login: string, password: string) {
    await this.loadCsrfToken();
    const response = await this.request('POST', '/users/sign_in', {
      form: { 'user[login]': login, 'user[password]': password, authenticity_token: this.csrfToken },
    });
    await this.loadCsrfToken('/');
    return response;
  }
}
