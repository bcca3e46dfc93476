/**
 * The CSS of the Mantine components only the signed-in app uses (modals, selects, tables, tabs…),
 * loaded with its guard (components/RequireAuth.tsx), after the shared ones of mantine-styles.ts.
 */
import '@mantine/core/styles/ScrollArea.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import '@mantine/core/styles/Combobox.layer.css';

import '@mantine/core/styles/Grid.layer.css';
import '@mantine/core/styles/Modal.layer.css';
import '@mantine/core/styles/RingProgress.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/Switch.layer.css';
import '@mantine/core/styles/Table.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/Tooltip.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/Image.layer.css';
