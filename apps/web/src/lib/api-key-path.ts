/** A public path that keeps the courier's api_key (spec section 2: sign-up and back links). */
export function withApiKey(path: string, apiKey: string | null | undefined): string {
  return apiKey ? `${path}?api_key=${encodeURIComponent(apiKey)}` : path;
}
