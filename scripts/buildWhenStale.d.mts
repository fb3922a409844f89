// Types of buildWhenStale.mjs (plain JavaScript: `npm start`'s prestart runs it before anything is built).
export declare const FRONT_END_SOURCES: string[];
export declare const SERVER_SOURCES: string[];
export declare const SERVER_ENTRY: string;
export declare const SERVER_MAIN: string;
export declare function newestMtime(root: string, entries: string[]): number;
export declare function staleBuild(root: string): 'build' | 'build:server' | undefined;
export declare function buildWhenStale(root: string): boolean;
