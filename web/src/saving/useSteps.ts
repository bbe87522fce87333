import { useEffect, useRef, useState } from 'react';
import { FIRST_STEP, nextStep, type SaveStep, type StepEvent } from './steps';

/**
 * The picker's steps (steps.ts) as the save flow and the move dialog walk them: `go` moves on,
 * or calls `onClose` past the first step. A new step replaces what had the focus, so it goes to
 * the step's field (create board, add section), else to its title (`body`, `title`): keyboard
 * and screen-reader users are never left on the page behind.
 */
export function useSteps(onClose: () => void) {
  const [step, setStep] = useState<SaveStep>(FIRST_STEP);
  const body = useRef<HTMLDivElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const field = body.current?.querySelector<HTMLElement>('input:not([type="checkbox"]), textarea');
    (field ?? title.current)?.focus();
  }, [step]);

  const go = (event: StepEvent) => {
    const next = nextStep(step, event);
    if (next === null) onClose();
    else setStep(next);
  };
  return { step, setStep, go, body, title };
}
