import type { Me } from '@skylog/contracts';
import { useEffect, useState } from 'react';
import { RecordingStore, type RecorderIdentity } from './recording-store.ts';

/**
 * Who records: the signed-in person when the server says so (kept on the phone: their id and name only); with no
 * network, the person who last opened the recorder here (docs/product.md "Recording on a phone"). Undefined while it
 * is read, null when the phone has never had a signed-in recorder.
 */
export function useRecorderIdentity(me: Me | undefined, isOffline: boolean): RecorderIdentity | null | undefined {
  const [cached, setCached] = useState<RecorderIdentity | null | undefined>(undefined);
  const signedIn = me ? { ownerId: me.skylog_id, name: me.name ?? me.email } : null;
  const ownerId = signedIn?.ownerId;
  const name = signedIn?.name;

  useEffect(() => {
    if (!ownerId && !isOffline) return;
    let isCurrent = true;
    void RecordingStore.open()
      .then(async (store) => {
        try {
          if (ownerId && name) await store.saveIdentity({ ownerId, name });
          else if (isCurrent) setCached((await store.readIdentity()) ?? null);
        } finally {
          store.close();
        }
      })
      .catch(() => isCurrent && setCached(null));
    return () => {
      isCurrent = false;
    };
  }, [isOffline, name, ownerId]);

  return signedIn ?? (isOffline ? cached : undefined);
}
