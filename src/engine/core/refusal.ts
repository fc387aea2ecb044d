/**
 * A control-API request a product cannot carry out (e.g. `generate` with the environment clock
 * outside the dates the product accepts): the control API answers `400 {"error": message}`.
 */
export class ControlRefusal extends Error {}
