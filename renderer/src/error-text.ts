import type { ApiError } from '../../shared/errors';

/** What a screen says when a call fails: the fields' messages when there are any, else the problem's own words. */
export const errorText = (error: ApiError): string => error.errors?.map((e) => e.message).join(' ') || error.detail || error.title;
