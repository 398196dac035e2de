/**
 * Where an S3-compatible bucket is and how to sign for it: read from the configuration, or from a
 * project's status page settings, and handed to the storage layer's client.
 */
export interface S3Location {
  /** An S3-compatible store's address (http://127.0.0.1:9000); AWS's regional endpoint when undefined. */
  readonly endpoint?: string;
  readonly region: string;
  readonly bucket: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** Bucket in the path rather than the host name: the default for a named endpoint, not for AWS. */
  readonly pathStyle?: boolean;
}
