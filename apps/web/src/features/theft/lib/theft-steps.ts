import {
  missingTheftFields,
  nextTheftStep,
  THEFT_SECTIONS,
  THEFT_STEPS,
  type TheftReportDraft,
  type TheftSection,
  type TheftStep,
} from '@nbr/domain/theft';

/*
 * Steps unlock one after the other from personal-info (SPEC §4): saving a step with "Next" opens
 * the one after it. A locked step's address leads to the furthest open one, and the overview's
 * "Continue" goes back to where the person was (previous_page).
 */

export function isTheftStep(value: string | undefined): value is TheftStep {
  return (THEFT_STEPS as readonly string[]).includes(value ?? '');
}

export function isTheftSection(value: string | undefined | null): value is TheftSection {
  return (THEFT_SECTIONS as readonly string[]).includes(value ?? '');
}

/** The open steps in wizard order; personal-info is always open. */
export function unlockedSections(unlocked: readonly string[]): TheftSection[] {
  return THEFT_SECTIONS.filter((section) => section === 'personal-info' || unlocked.includes(section));
}

export function isUnlocked(step: TheftSection, unlocked: readonly string[]): boolean {
  return unlockedSections(unlocked).includes(step);
}

/** The last open step. */
export function furthestUnlocked(unlocked: readonly string[]): TheftSection {
  const open = unlockedSections(unlocked);
  return open[open.length - 1] ?? 'personal-info';
}

/** The open steps after saving `step` with "Next": the step after it opens too. */
export function unlockAfter(unlocked: readonly string[], step: TheftSection): TheftStep[] {
  const open: TheftStep[] = unlockedSections(unlocked);
  const next = nextTheftStep(step);
  if (next && isTheftSection(next) && !open.includes(next)) open.push(next);
  return THEFT_STEPS.filter((candidate) => open.includes(candidate));
}

/** Where "Continue" leads: the step the person was at, if still open, else the furthest open one. */
export function resumeStep(draft: Pick<TheftReportDraft, 'previous_page' | 'unlocked_steps'>): TheftSection {
  const previous = draft.previous_page;
  if (isTheftSection(previous) && isUnlocked(previous, draft.unlocked_steps)) return previous;
  return furthestUnlocked(draft.unlocked_steps);
}

/** The step before `step` in the wizard, for the Back link (null on the first). */
export function previousSection(step: TheftSection): TheftSection | null {
  const index = THEFT_SECTIONS.indexOf(step);
  return index > 0 ? (THEFT_SECTIONS[index - 1] ?? null) : null;
}

/** 1-based position of a step among the sections ("Step 2 of 6"). */
export function stepNumber(step: TheftSection): number {
  return THEFT_SECTIONS.indexOf(step) + 1;
}

/**
 * The open steps of a draft: those it was saved with, and the step after every open step that is
 * complete (issue 27: "Save and finish later" on a finished step left the next one locked, and drafts
 * saved that way open it now).
 */
export function openSteps(draft: TheftReportDraft): TheftStep[] {
  const open = new Set<TheftStep>(unlockedSections(draft.unlocked_steps));
  for (const section of THEFT_SECTIONS) {
    if (!open.has(section) || missingTheftFields(draft, section).length > 0) continue;
    const next = nextTheftStep(section);
    if (next && isTheftSection(next)) open.add(next);
  }
  return THEFT_STEPS.filter((step) => open.has(step));
}

/** A draft with its open steps as openSteps counts them. */
export function withOpenSteps(draft: TheftReportDraft): TheftReportDraft {
  return { ...draft, unlocked_steps: openSteps(draft) };
}
