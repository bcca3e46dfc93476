import { useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * A form's close that asks first when something was typed (issue 36): Escape, the close button or
 * a click outside a modal would otherwise drop the values without a word. `requestClose` is the
 * modal's onClose; `confirm` is rendered beside the form and asks `title` ("Discard this goal?").
 */
export function useDiscardGuard(dirty: boolean, discard: () => void, title: string) {
  const [asking, setAsking] = useState(false);
  const requestClose = () => (dirty ? setAsking(true) : discard());
  const confirm = asking ? (
    <Modal opened onClose={() => setAsking(false)} title={title} size="sm" centered zIndex={400}>
      <Text size="sm">What you typed has not been saved and will be lost.</Text>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => setAsking(false)} data-autofocus>
          Keep editing
        </Button>
        <Button color="red" onClick={discard}>
          Discard
        </Button>
      </Group>
    </Modal>
  ) : null;
  return { requestClose, confirm };
}

/** Whether form values differ from where they started (plain values: strings, numbers, arrays). */
export function isChanged<T>(values: T, initial: T): boolean {
  return JSON.stringify(values) !== JSON.stringify(initial);
}
