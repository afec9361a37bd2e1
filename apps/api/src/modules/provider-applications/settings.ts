/** The provider applications' limits (config.ts reads them from the environment; documented in docs/configuration.md). */
export type ApplicationSettings = {
  /** Applications (first ones and resubmissions) one account may send per hour (APPLICATION_MAX_PER_ACCOUNT). */
  maxPerAccount: number;
  /** Applications sent from one client address per hour, whatever the account (APPLICATION_MAX_PER_ADDRESS). */
  maxPerAddress: number;
};

export const defaultApplicationSettings: ApplicationSettings = { maxPerAccount: 3, maxPerAddress: 10 };
