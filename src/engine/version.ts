/** Version of the simulation engine; bump on any change that can alter numbers for a given seed. */
export const ENGINE_VERSION = '0.1.0'
