import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { AwsClient } from 'aws4fetch';
import type { S3Location } from '../../core/domain/objectStore.ts';

export type { S3Location };

/** A refusal from the store: its HTTP status and S3's error code (`AccessDenied`, `NoSuchBucket`, …). */
export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'S3Error';
  }
}

/** No request to the store may hold the server for long. */
export const S3_REQUEST_TIMEOUT_MS = 30_000;

/**
 * RFC 3986 encoding, as SigV4 signs it: URLSearchParams would write a space as `+` and leave
 * `!'()*` bare, and the store would then compute another signature than the one sent.
 */
function encodeRfc3986(text: string): string {
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** S3 keys are paths: each segment is encoded, the slashes kept. */
function encodeKey(key: string): string {
  return key.split('/').map(encodeRfc3986).join('/');
}

const XML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return XML_ENTITIES[name] ?? entity;
  });
}

function xmlValues(xml: string, tag: string): string[] {
  return [...xml.matchAll(new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`, 'g'))].map((match) =>
    decodeXml(match[1]!),
  );
}

/**
 * One bucket of an S3-compatible store, over HTTP with AWS Signature Version 4 (aws4fetch): put,
 * read, list and delete objects. Every request gives up after S3_REQUEST_TIMEOUT_MS; a refusal
 * rejects with an S3Error carrying the store's own code and message.
 */
export class S3Bucket {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(readonly location: S3Location) {
    this.client = new AwsClient({
      accessKeyId: location.accessKeyId,
      secretAccessKey: location.secretAccessKey,
      service: 's3',
      region: location.region,
    });
    const endpoint = (location.endpoint ?? `https://s3.${location.region}.amazonaws.com`).replace(/\/+$/, '');
    const pathStyle = location.pathStyle ?? location.endpoint !== undefined;
    if (pathStyle) {
      this.base = `${endpoint}/${encodeURIComponent(location.bucket)}`;
    } else {
      const url = new URL(endpoint);
      url.hostname = `${location.bucket}.${url.hostname}`;
      this.base = url.toString().replace(/\/+$/, '');
    }
  }

  private urlOf(key: string): string {
    return `${this.base}/${encodeKey(key)}`;
  }

  private async send(url: string, init: RequestInit & { duplex?: 'half' } = {}): Promise<Response> {
    let response: Response;
    try {
      response = await this.client.fetch(url, {
        ...init,
        signal: AbortSignal.timeout(S3_REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new S3Error(
        503,
        'Unreachable',
        `The object store at ${new URL(url).origin} did not answer: ${reason}`,
      );
    }
    return response;
  }

  private async failure(response: Response): Promise<S3Error> {
    const body = await response.text().catch(() => '');
    const code = xmlValues(body, 'Code')[0] ?? `HTTP${response.status}`;
    const message = xmlValues(body, 'Message')[0] ?? `The object store answered ${response.status}`;
    return new S3Error(response.status, code, `${code}: ${message}`);
  }

  async put(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
    const response = await this.send(this.urlOf(key), {
      method: 'PUT',
      body,
      headers: { 'content-type': contentType },
    });
    if (!response.ok) throw await this.failure(response);
    await response.arrayBuffer();
  }

  /** Streams a local file of `size` bytes to `key` (its payload is not hashed, as S3 allows over TLS). */
  async putFile(key: string, path: string, size: number, contentType: string): Promise<void> {
    const response = await this.send(this.urlOf(key), {
      method: 'PUT',
      body: Readable.toWeb(createReadStream(path)) as unknown as ReadableStream,
      duplex: 'half',
      headers: {
        'content-type': contentType,
        'content-length': String(size),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
    });
    if (!response.ok) throw await this.failure(response);
    await response.arrayBuffer();
  }

  /** The object's bytes, or null when there is none. */
  async get(key: string): Promise<Readable | null> {
    const response = await this.send(this.urlOf(key));
    if (response.status === 404) {
      await response.arrayBuffer();
      return null;
    }
    if (!response.ok || !response.body) throw await this.failure(response);
    return Readable.fromWeb(response.body as Parameters<typeof Readable.fromWeb>[0]);
  }

  /** Removes the object; nothing happens when it is gone already. */
  async delete(key: string): Promise<void> {
    const response = await this.send(this.urlOf(key), { method: 'DELETE' });
    if (!response.ok && response.status !== 404) throw await this.failure(response);
    await response.arrayBuffer();
  }

  /** Every key under `prefix` (ListObjectsV2, page after page). */
  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const params: [string, string][] = [
        ['list-type', '2'],
        ['prefix', prefix],
        ...(token ? ([['continuation-token', token]] as [string, string][]) : []),
      ];
      const query = params.map(([name, value]) => `${encodeRfc3986(name)}=${encodeRfc3986(value)}`).join('&');
      const response = await this.send(`${this.base}?${query}`);
      if (!response.ok) throw await this.failure(response);
      const xml = await response.text();
      keys.push(...xmlValues(xml, 'Key'));
      token =
        xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
    } while (token);
    return keys;
  }

  /** Removes every object under `prefix`. */
  async deletePrefix(prefix: string): Promise<void> {
    for (const key of await this.list(prefix)) await this.delete(key);
  }
}
