import { useRegisterSearch } from '../../search/api/search-register.ts';

/** GET /search?q= by frame number or plate, for finding the bike to request. */
export function useOwnershipSearch(query: string) {
  return useRegisterSearch(query);
}
