import type { Marker } from '@skylog/contracts';
import { describe, expect, it } from 'vitest';
import { findWorkloadClusters } from './workload.ts';

const start = Date.UTC(2026, 0, 15, 10);
const coords = { latitude: 47.4, longitude: 8.5, altitude: 500, accuracy: 5, heading: 90, speed: 50 };
const marker = (markerID: number, seconds: number, text = ''): Marker => ({
  markerID,
  timestamp: start + seconds * 1000,
  coords,
  notes: { text },
});

describe('findWorkloadClusters', () => {
  it('chains Overloaded marks each within two minutes of the one before into one moment', () => {
    const markers = [marker(4, 200, 'ATC and checklist at once'), marker(4, 0), marker(1, 60), marker(4, 90, 'Traffic')];
    const [cluster, ...rest] = findWorkloadClusters(markers);
    expect(rest).toEqual([]);
    expect(cluster).toEqual({
      id: `workload_cluster-${start}`,
      time: start,
      end_time: start + 200_000,
      kind: 'workload_cluster',
      category: 'workload',
      tone: 'improve',
      title: 'Workload cluster: 3 Overloaded marks',
      explanation:
        'Overloaded was pressed 3 times within 3 min 20 s. Notes: "Traffic", "ATC and checklist at once". Talk through what stacked up here and what could be prepared earlier or handed off.',
      evidence: [
        { kind: 'marker', time: start, marker_id: 4, notes: '' },
        { kind: 'marker', time: start + 90_000, marker_id: 4, notes: 'Traffic' },
        { kind: 'marker', time: start + 200_000, marker_id: 4, notes: 'ATC and checklist at once' },
      ],
      readback: null,
    });
  });

  it('makes separate moments of spells more than two minutes apart', () => {
    const clusters = findWorkloadClusters([marker(4, 0), marker(4, 30), marker(4, 600), marker(4, 720)]);
    expect(clusters.map((cluster) => [cluster.time, cluster.end_time, cluster.evidence.length])).toEqual([
      [start, start + 30_000, 2],
      [start + 600_000, start + 720_000, 2],
    ]);
    expect(clusters[0]!.explanation).toMatch(/^Overloaded was pressed 2 times within 30 s\. Talk/);
  });

  it('finds no cluster in a single Overloaded mark, marks far apart, or other keys', () => {
    expect(findWorkloadClusters([])).toEqual([]);
    expect(findWorkloadClusters([marker(4, 0)])).toEqual([]);
    expect(findWorkloadClusters([marker(4, 0), marker(4, 121)])).toEqual([]);
    expect(findWorkloadClusters([marker(1, 0), marker(2, 10), marker(3, 20), marker(4, 30)])).toEqual([]);
  });
});
