// The examples the OpenAPI document shows, keyed `METHOD /path` (OpenAPI's braces) as in operations.ts. Every
// request example is sent to a real server by test/integration/openapi.test.ts, which checks the answer against the
// documented response for the status it names; every answer example is validated against its documented schema.
export interface RequestExample {
  readonly summary: string;
  readonly value: unknown;
  /** The status a fresh demo station answers (the honesty test expects it). */
  readonly status: number;
  /** Request headers the example needs beyond credentials and X-API-Version. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface AnswerExample {
  readonly summary: string;
  readonly value: unknown;
}

/** Request bodies, by operation then by example name. */
export const REQUEST_EXAMPLES: Readonly<Record<string, Readonly<Record<string, RequestExample>>>> = {};

/** Answer bodies, by operation, then status, then example name. */
export const ANSWER_EXAMPLES: Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, AnswerExample>>>>>> = {};
