/** What a settings panel last said (saved, refused, stale); kept above its form so a save's remount keeps it. */
export type PanelMessage = { text: string; error: boolean } | null;
