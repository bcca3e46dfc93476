import { Anchor, Group, Text, ThemeIcon, type StyleProp } from '@mantine/core';
import { IconBrain } from '@tabler/icons-react';
import { Link } from 'react-router';

interface BrandProps {
  compact?: boolean;
  /** Where the name shows (responsive `display`); the icon alone elsewhere. Always when unset. */
  nameDisplay?: StyleProp<'none' | 'block'>;
}

/** The Mindspend wordmark, linking home. */
export function Brand({ compact = false, nameDisplay }: BrandProps) {
  return (
    <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Mindspend home">
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          size={compact ? 28 : 34}
          radius="md"
          variant="gradient"
          gradient={{ from: 'teal.6', to: 'cyan.6', deg: 135 }}
          style={{ transition: 'all 150ms ease' }}
        >
          <IconBrain size={compact ? 18 : 22} />
        </ThemeIcon>
        <Text fw={800} fz={compact ? 18 : 21} display={nameDisplay} style={{ letterSpacing: -0.3, transition: 'font-size 150ms ease' }}>
          Mindspend
        </Text>
      </Group>
    </Anchor>
  );
}
