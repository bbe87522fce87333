import { useQuery } from '@tanstack/react-query';
import { CONTROL_GROUPS, pinBuilderGate, type PinBuilderGate, type PinBuilderScenario } from '@pinhive/contracts';
import { useActingAs } from '../advertisers/actingContext';
import { fetchExperiments } from '../api/experiments';
import { useViewer } from '../auth/viewer';

export type BuilderGate = { status: 'loading' } | { status: 'ready'; gate: PinBuilderGate };

/**
 * The builder's gating for this viewer (contracts pin-builder.ts), the same function pins-boards
 * enforces: the viewer's type, their experiment groups (read on each page load; `control` for
 * every experiment while they cannot be read), whom they act for, the browser's language. No
 * account may upload video yet (the product stores images only).
 */
export function useBuilderGate(scenario: PinBuilderScenario): BuilderGate {
  const viewer = useViewer();
  const { onBehalf } = useActingAs();
  const experiments = useQuery({ queryKey: ['experiments'], queryFn: ({ signal }) => fetchExperiments(signal), staleTime: 5 * 60_000, retry: false });
  if (viewer.status === 'loading' || experiments.isPending) return { status: 'loading' };
  return {
    status: 'ready',
    gate: pinBuilderGate({
      scenario,
      viewerType: viewer.status === 'authenticated' ? viewer.user.viewer_type : 'UNAUTH',
      experiments: experiments.data ?? CONTROL_GROUPS,
      canUploadVideo: false,
      locale: typeof navigator === 'undefined' ? 'en' : navigator.language,
      actingForAnotherAccount: viewer.status === 'authenticated' && onBehalf,
    }),
  };
}
