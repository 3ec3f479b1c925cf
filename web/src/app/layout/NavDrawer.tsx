import { Drawer } from 'antd';
import type { ReactNode } from 'react';

/** The phone's navigation drawer; its own chunk, loaded when it first opens. */
export function NavDrawer({ open, onClose, label, children }: { open: boolean; onClose: () => void; label: string; children: ReactNode }) {
  return (
    <Drawer placement="left" open={open} onClose={onClose} size={260} closable={false} aria-label={label} styles={{ body: { padding: 0 } }}>
      {children}
    </Drawer>
  );
}
