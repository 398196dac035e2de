import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ParamError, type Params } from './params.ts';

/**
 * Reads a multipart form: its text fields, and its `file` part handed to `onFile` as it streams. A
 * refusal of the form's shape is a 400 naming it; a file past the parser's size limit is the
 * caller's `tooLarge`; a file already staged is discarded (`onFailure`) on any failure.
 */
export async function readUploadForm<File>(
  request: FastifyRequest,
  handlers: {
    readonly onFile: (part: MultipartFile) => Promise<File>;
    readonly onFailure?: (file: File) => Promise<void>;
    readonly tooLarge: () => Error;
    /** The largest file this request may carry, when it differs from the plugin's. */
    readonly maxFileBytes?: number;
  },
): Promise<{ fields: Params; file: File | undefined }> {
  if (!request.isMultipart()) throw new ParamError('file is missing');
  const fields: Params = {};
  let file: File | undefined;
  const parts =
    handlers.maxFileBytes === undefined
      ? request.parts()
      : request.parts({ limits: { fileSize: handlers.maxFileBytes } });
  try {
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== undefined) {
          part.file.resume();
          throw new ParamError(`${part.fieldname} is not a parameter of this request`);
        }
        file = await handlers.onFile(part);
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (file !== undefined) await handlers.onFailure?.(file);
    throw multipartError(error, handlers.tooLarge);
  }
  return { fields, file };
}

/** The multipart parser's own refusals (limits, a broken body) as 400s in GitLab's words. */
function multipartError(error: unknown, tooLarge: () => Error): unknown {
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  if (code === 'FST_FILES_LIMIT') return new ParamError('file must be sent once');
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new ParamError('The form has too many parts');
  if (typeof code === 'string' && code.startsWith('FST_')) return new ParamError((error as Error).message);
  return error;
}
