/** Every operation of openapi.yaml is served under this prefix. */
export const BASE_PATH = '/api/v1';
