import { Center, Loader } from '@mantine/core';

/** A centred spinner for a page whose data is on its way. */
export function PageLoader() {
  return (
    <Center mih="50vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
