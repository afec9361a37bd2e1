export declare const unversionedTables: string[];
export declare function versionTrigger(table: string): string;
export declare function tablesWithoutVersionTrigger(migrationsDir: string, extraSql?: string): Promise<string[]>;
