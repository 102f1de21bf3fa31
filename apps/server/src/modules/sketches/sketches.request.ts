/**
 * The ceiling of one sketch call. A sketch is JSON text plus its uploaded pictures as data: URLs; 40 MB
 * holds thousands of elements and several photographs, and refuses anything that would strain the server.
 */
export const MAX_SKETCH_REQUEST_BYTES = 40 * 1024 * 1024;

/** The 413 wording of a sketch call. */
export const SKETCH_REQUEST = 'A sketch request';
