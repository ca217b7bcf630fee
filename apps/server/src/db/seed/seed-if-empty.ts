import type { AppDeps } from '../../deps.ts';

// Being built (issue 2, seed): the demo companies on first start.
export async function seedIfEmpty(_deps: AppDeps): Promise<void> {}
