/** One field the api refused, as the 422 body names it. */
export interface FieldError {
  field: string;
  message: string;
}

/**
 * Every failed api call becomes this one error: the status, the api's `detail` and, for a 422,
 * the fields it refused, so a screen can say what went wrong where it went wrong.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly fields: FieldError[] = [],
  ) {
    super(detail);
  }

  /** The message for one field of a form, when the api refused that field. */
  fieldMessage(field: string): string | undefined {
    return this.fields.find((f) => f.field === field || f.field.endsWith(`.${field}`))?.message;
  }
}

/** A 422's `detail` is a list of `{loc, msg}`; `loc` starts with where the field was (body, query...). */
function fieldsOf(body: unknown): FieldError[] {
  const detail = (body as { detail?: unknown })?.detail;
  if (!Array.isArray(detail)) return [];
  return detail.flatMap((e) =>
    e && Array.isArray(e.loc) ? [{ field: e.loc.filter((_: unknown, i: number) => i > 0).join('.'), message: String(e.msg ?? '') }] : [],
  );
}

/** What openapi-fetch returns, turned into the data or a thrown ApiError. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.response.ok) return result.data as T;
  const body = result.error as { detail?: unknown; message?: unknown } | undefined;
  const fields = fieldsOf(body);
  const detail = typeof body?.detail === 'string' ? body.detail : fields.length ? 'Some fields were refused' : result.response.statusText;
  throw new ApiError(result.response.status, detail || `HTTP ${result.response.status}`, fields);
}

/** A sentence for a person, whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 403) return `Not allowed: ${error.detail}`;
    if (error.status === 429) return 'Too many requests: wait a moment and try again.';
    if (error.fields.length) return `${error.detail}: ${error.fields.map((f) => `${f.field}: ${f.message}`).join('; ')}`;
    return error.detail;
  }
  return error instanceof Error ? error.message : String(error);
}
