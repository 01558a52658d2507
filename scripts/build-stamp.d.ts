// Types of build-stamp.js (plain JavaScript so `npm start` needs no transpiler to run it).

export declare const BUILD_INPUTS: readonly string[];
export declare const BUILD_OUTPUTS: readonly string[];
export declare const STAMP_FILE: string;

export declare function listInputs(root: string, inputs?: readonly string[]): string[];
export declare function hashInputs(root: string, inputs?: readonly string[]): string;
export declare function readStamp(root: string): string | null;
export declare function buildReason(
  root: string,
  options?: { inputs?: readonly string[]; outputs?: readonly string[] },
): string | null;
