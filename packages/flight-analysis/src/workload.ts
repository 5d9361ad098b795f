import { markerCategories, type Marker, type TeachableMoment } from '@skylog/contracts';

/** Rocker key 4, "Overloaded": the pilot's own mark that the workload was too high. */
const overloadedKey = markerCategories[3].key;
/** Overloaded marks this close to the one before belong to the same busy spell (chained): one spell rarely outlasts two minutes between presses. */
const clusterGapS = 120;
/** A cluster needs at least this many marks: a single press is a moment, not a pattern. */
const minClusterMarks = 2;

/** One moment per spell of two or more Overloaded marks, each within two minutes of the one before. */
export function findWorkloadClusters(markers: Marker[]): TeachableMoment[] {
  const overloaded = markers.filter((marker) => marker.markerID === overloadedKey).sort((a, b) => a.timestamp - b.timestamp);
  const clusters: Marker[][] = [];
  for (const marker of overloaded) {
    const cluster = clusters.at(-1);
    const previous = cluster?.at(-1);
    if (cluster !== undefined && previous !== undefined && marker.timestamp - previous.timestamp <= clusterGapS * 1000)
      cluster.push(marker);
    else clusters.push([marker]);
  }
  return clusters.filter((cluster) => cluster.length >= minClusterMarks).map(describeCluster);
}

const describeCluster = (cluster: Marker[]): TeachableMoment => {
  const start = cluster[0]!.timestamp;
  const end = cluster.at(-1)!.timestamp;
  const notes = cluster.map((marker) => marker.notes.text.trim()).filter((text) => text !== '');
  const notesText = notes.length === 0 ? '' : ` Notes: ${notes.map((text) => `"${text}"`).join(', ')}.`;
  return {
    id: `workload_cluster-${start}`,
    time: start,
    end_time: end,
    kind: 'workload_cluster',
    category: 'workload',
    tone: 'improve',
    title: `Workload cluster: ${cluster.length} Overloaded marks`,
    explanation: `Overloaded was pressed ${cluster.length} times within ${formatDuration(end - start)}.${notesText} Talk through what stacked up here and what could be prepared earlier or handed off.`,
    evidence: cluster.map((marker) => ({ kind: 'marker', time: marker.timestamp, marker_id: marker.markerID, notes: marker.notes.text })),
    readback: null,
  };
};

/** "1 min 40 s", "45 s". */
const formatDuration = (milliseconds: number) => {
  const seconds = Math.round(milliseconds / 1000);
  const minutes = Math.floor(seconds / 60);
  return minutes === 0 ? `${seconds} s` : `${minutes} min${seconds % 60 === 0 ? '' : ` ${seconds % 60} s`}`;
};
