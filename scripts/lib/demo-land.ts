/**
 * The demo agency's facts build: small layers drawn by hand for its area (a flood zone along
 * the Meuse at Dinant and Namur, a Flemish parcel and building for the Leuven flat, zoning
 * and a runoff axis and a noisy road around Ciney, four communes with their radon class and
 * deed prices, Luxembourg's observatory), each dated as its publisher would date it. The
 * committed content/demo/land.json is what this build makes; a test holds them together.
 */
import type { LayerInput } from './land-build.ts';

const DIR = 'content/demo/land-sources';

export const DEMO_LAND_INPUTS: readonly LayerInput[] = [
  { name: 'flood-wallonia', file: `${DIR}/flood-wallonia.geojson`, date: '2024-06-01' },
  { name: 'runoff-wallonia', file: `${DIR}/runoff-wallonia.geojson`, date: '2024-06-01' },
  { name: 'flood-flanders-parcel', file: `${DIR}/flood-flanders-parcel.geojson`, date: '2025-07-01' },
  { name: 'flood-flanders-building', file: `${DIR}/flood-flanders-building.geojson`, date: '2025-07-01' },
  { name: 'zoning-wallonia', file: `${DIR}/zoning-wallonia.geojson`, date: '2026-01-15' },
  { name: 'zoning-flanders', file: `${DIR}/zoning-flanders.geojson`, date: '2026-01-15' },
  { name: 'noise-road', file: `${DIR}/noise-road.geojson`, date: '2022-06-30' },
  { name: 'communes', file: `${DIR}/communes.geojson`, date: '2025-01-01' },
  { name: 'radon', file: `${DIR}/radon.csv`, date: '2023-01-01' },
  { name: 'statbel', file: `${DIR}/statbel.csv`, date: '2026-06-15' },
  { name: 'observatoire', file: `${DIR}/observatoire.csv`, date: '2026-05-01' },
];

/** The command an operator would type for the same build (the guide prints it). */
export function demoLandCommand(): string {
  const args = DEMO_LAND_INPUTS.flatMap((input) => [`--layer ${input.name}=${input.file}`, `--date ${input.name}=${input.date ?? ''}`]);
  return `npm run facts:build -- --dir content/demo --area agency ${args.join(' ')}`;
}
