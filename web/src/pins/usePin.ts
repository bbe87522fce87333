import { useQuery } from '@tanstack/react-query';
import { fetchPin } from './api';

export const pinKey = (pinId: string) => ['pin', pinId] as const;

export function usePin(pinId: string) {
  return useQuery({
    queryKey: pinKey(pinId),
    queryFn: ({ signal }) => fetchPin(pinId, signal),
    enabled: /^\d{1,24}$/.test(pinId),
  });
}
