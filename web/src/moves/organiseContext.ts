import { createContext, useContext } from 'react';
import type { Selection } from './rules';

/** Organise mode's selection, for the grid's selectable cards. */
export interface OrganiseState {
  selection: Selection;
  toggle: (pinId: string) => void;
}

export const OrganiseContext = createContext<OrganiseState | null>(null);

export function useOrganise(): OrganiseState {
  const state = useContext(OrganiseContext);
  if (!state) throw new Error('useOrganise needs an Organiser around it');
  return state;
}
