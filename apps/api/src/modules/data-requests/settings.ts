/** A person's requests about their data (config.ts reads them from the environment; docs/configuration.md). */
export type DataRequestSettings = {
  /** Days the platform has to answer a request (DATA_REQUEST_DEADLINE_DAYS); docs/privacy.md says where it comes from. */
  deadlineDays: number;
  /** How long an access request's archive link works (DATA_EXPORT_TTL_HOURS); it is downloadable once. */
  archiveTtlHours: number;
  /** The archive job's rounds in this process every so many ms (DATA_EXPORT_INTERVAL_SECONDS); 0: none (tests run them by hand). */
  archiveIntervalMs: number;
};

export const defaultDataRequestSettings: DataRequestSettings = { deadlineDays: 30, archiveTtlHours: 24, archiveIntervalMs: 0 };

/** The legal deadline of a request received at `receivedAt`. */
export const dueAtFor = (receivedAt: Date, settings: DataRequestSettings) =>
  new Date(receivedAt.getTime() + settings.deadlineDays * 86_400_000);
