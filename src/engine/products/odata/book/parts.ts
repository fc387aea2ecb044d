/**
 * The parts the seeded book sells. There is no parts form in the service; invoice lines look a
 * part up here to fill PDES and the units. Unknown part numbers are accepted as given (the line
 * then has no description and unit 'ea').
 */
export interface Part {
  PARTNAME: string;
  PDES: string;
  /** Sales and inventory unit ('ea' units refuse fractional quantities, spec 001 write rule 6). */
  unit: string;
  /** List price used by the seeded book (a new line's PRICE still defaults to 0). */
  price: string;
}

export const PARTS: readonly Part[] = [
  { PARTNAME: 'PUMP-100', PDES: 'Centrifugal pump 1 HP', unit: 'ea', price: '420.00' },
  { PARTNAME: 'VALVE-25', PDES: 'Ball valve 25 mm brass', unit: 'ea', price: '18.50' },
  { PARTNAME: 'PIPE-PVC', PDES: 'PVC pipe 50 mm', unit: 'm', price: '3.20' },
  { PARTNAME: 'SEAL-KIT', PDES: 'Mechanical seal kit', unit: 'ea', price: '64.90' },
  { PARTNAME: 'GREASE-HT', PDES: 'High-temperature grease', unit: 'kg', price: '12.75' },
  { PARTNAME: 'SRV-HOUR', PDES: 'Field service, per hour', unit: 'hr', price: '95.00' },
  { PARTNAME: 'MOTOR-3KW', PDES: 'Electric motor 3 kW', unit: 'ea', price: '610.00' },
  { PARTNAME: 'FILTER-10', PDES: 'Cartridge filter 10 micron', unit: 'ea', price: '7.40' },
];

const BY_NAME = new Map(PARTS.map((p) => [p.PARTNAME, p]));

export function partByName(name: string): Part | undefined {
  return BY_NAME.get(name);
}

/** Units whose quantities must be whole numbers. */
export const WHOLE_UNITS: ReadonlySet<string> = new Set(['ea']);

/** The unit a line uses when it names none: the part's unit, else 'ea'. */
export function defaultUnit(partName: unknown): string {
  return (typeof partName === 'string' && partByName(partName)?.unit) || 'ea';
}
