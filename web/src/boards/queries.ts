import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { usernameSchema, type Board, type PaletteColor, type BoardCreateOptions, type BoardPrivacy, type Section, type SectionCreateOptions } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { pickerOptions } from '../advertisers/rules';
import type { Page } from '../api/resource';
import { withPendingSaves } from './pendingSaves';
import { createBoard, createSection, fetchBoard, fetchBoardFeed, fetchBoardPicker, fetchBoardPinsByColor, fetchSection, fetchSections, fetchUserBoards, updateBoard } from './api';

/**
 * Query keys, one family per resource. A board's lists are keyed by its owner's username
 * (lowercased, as URLs may differ in case), so that a create can invalidate exactly its owner's.
 */
export const boardKeys = {
  all: ['boards'] as const,
  byId: (boardId: string) => ['boards', 'id', boardId] as const,
  bySlug: (username: string, slug: string) => ['boards', 'slug', username.toLowerCase(), slug.toLowerCase()] as const,
  userBoards: (username: string) => ['boards', 'user', username.toLowerCase()] as const,
  picker: () => ['boardPicker'] as const,
  feed: (boardId: string, sectionId?: string) => ['boardFeed', boardId, sectionId ?? null] as const,
  sections: (boardId: string) => ['sections', boardId] as const,
  section: (boardId: string, slug: string) => ['section', boardId, slug.toLowerCase()] as const,
};

// A board read just after this page saved to it shows the save (pendingSaves.ts): stable
// functions, so that TanStack Query runs them again only when the data changes.
const boardWithSaves = (board: Board) => withPendingSaves(board);
const pagesWithSaves = (data: InfiniteData<Page<Board>>): InfiniteData<Page<Board>> => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, items: page.items.map((board) => withPendingSaves(board)) })),
});

export function useBoardBySlug(username: string, slug: string) {
  return useQuery({
    queryKey: boardKeys.bySlug(username, slug),
    queryFn: ({ signal }) => fetchBoard({ username, slug }, signal),
    enabled: usernameSchema.safeParse(username).success && slug.length > 0,
    select: boardWithSaves,
  });
}

export function useBoardById(boardId: string | undefined) {
  return useQuery({
    queryKey: boardKeys.byId(boardId ?? ''),
    queryFn: ({ signal }) => fetchBoard({ board_id: boardId ?? '' }, signal),
    enabled: Boolean(boardId),
    select: boardWithSaves,
  });
}

/**
 * The boards the viewer may save into: on an advertiser's behalf, the protected boards made for it
 * (`advertiser_id` with `filter: 'protected'`, saving-boards-ads.md section 6).
 */
export function useBoardPicker(enabled: boolean, pinId?: string) {
  const { advertiser } = useActingAs();
  const options = pickerOptions(advertiser, pinId);
  return useQuery({
    queryKey: [...boardKeys.picker(), pinId ?? null, options.advertiser_id ?? null],
    queryFn: ({ signal }) => fetchBoardPicker(options, signal),
    enabled,
    staleTime: 10_000,
  });
}

export function useUserBoards(username: string) {
  return useInfiniteQuery<Page<Board>>({
    queryKey: boardKeys.userBoards(username),
    queryFn: ({ pageParam, signal }) => fetchUserBoards(username, pageParam as string | null, signal),
    initialPageParam: null,
    getNextPageParam: (last) => last.next,
    select: pagesWithSaves,
  });
}

export function useBoardFeed(boardId: string | undefined, sectionId?: string) {
  return useInfiniteQuery({
    queryKey: boardKeys.feed(boardId ?? '', sectionId),
    queryFn: ({ pageParam, signal }) => fetchBoardFeed(boardId ?? '', sectionId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: Boolean(boardId),
  });
}

/** A board's pins filtered by colour (BoardPinsByColorResource); none asked for while `colors` is empty. */
export function useBoardPinsByColor(boardId: string, colors: readonly PaletteColor[]) {
  return useInfiniteQuery({
    queryKey: [...boardKeys.feed(boardId), 'colors', [...colors].sort().join(',')],
    queryFn: ({ pageParam, signal }) => fetchBoardPinsByColor(boardId, colors, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    enabled: colors.length > 0,
  });
}

export function useSections(boardId: string | undefined) {
  return useQuery<Section[]>({
    queryKey: boardKeys.sections(boardId ?? ''),
    queryFn: ({ signal }) => fetchSections(boardId ?? '', signal),
    enabled: Boolean(boardId),
  });
}

export function useSectionBySlug(boardId: string | undefined, slug: string) {
  return useQuery({
    queryKey: boardKeys.section(boardId ?? '', slug),
    queryFn: ({ signal }) => fetchSection({ board_id: boardId ?? '', slug }, signal),
    enabled: Boolean(boardId),
  });
}

/** After a board is created: its owner's lists (profile grid, picker) are out of date. */
export async function invalidateOwnerBoards(queryClient: QueryClient, board: Board): Promise<void> {
  queryClient.setQueryData(boardKeys.byId(board.id), board);
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: boardKeys.userBoards(board.owner.username) }),
    queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
  ]);
}

export function useCreateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: BoardCreateOptions) => createBoard(options),
    onSuccess: (board) => invalidateOwnerBoards(queryClient, board),
  });
}

export function useCreateSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (options: SectionCreateOptions) => createSection(options),
    onSuccess: async (section) => {
      queryClient.setQueryData<Section[]>(boardKeys.sections(section.board_id), (list) => (list ? [...list, section] : list));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.sections(section.board_id) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.all }),
        queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
      ]);
    },
  });
}

const isBoard = (data: unknown): data is Board => Boolean(data) && typeof data === 'object' && (data as { type?: unknown }).type === 'board';

/** Every cached answer that is this board (its page by slug, by id) takes the server's new answer. */
export function putBoard(queryClient: QueryClient, board: Board): void {
  queryClient.setQueriesData({ queryKey: boardKeys.all }, (data: unknown) => (isBoard(data) && data.id === board.id ? { ...data, ...board } : data));
}

/**
 * The owner changes a board (BoardResource update): renames it (its address stays) or makes it
 * public or secret; its lists are asked for again.
 */
export function useUpdateBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ boardId, ...changes }: { boardId: string; name?: string; privacy?: BoardPrivacy }) => updateBoard({ board_id: boardId, ...changes }),
    onSuccess: async (board) => {
      putBoard(queryClient, board);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: boardKeys.userBoards(board.owner.username) }),
        queryClient.invalidateQueries({ queryKey: boardKeys.picker() }),
      ]);
    },
  });
}
