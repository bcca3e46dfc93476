import { Group, Stack, Text, Title } from '@mantine/core';
import type { MemberFeeling } from '@mindspend/api-contract';
import type { Feeling } from '@mindspend/domain';
import { useMemberNamer } from '../books/api';
import { FeelingIcon } from './FeelingIcon';
import { feelingLabel } from './feelings';

/** A feeling written as the caller's own is in the details: its face, then its label. */
function FeelingText({ feeling }: { feeling: Feeling }) {
  return (
    <Group gap={6} justify="flex-end" wrap="nowrap" component="span">
      <FeelingIcon feeling={feeling} size={16} decorative />
      {feelingLabel(feeling)}
    </Group>
  );
}

/**
 * How the other members of a shared book felt about this transaction (issue 25). The server sends
 * only the members who share their feelings, so an empty list shows nothing at all.
 */
export function OthersFeelings({ members }: { members: MemberFeeling[] }) {
  const nameOf = useMemberNamer('A member');
  if (members.length === 0) return null;
  return (
    <Stack gap={6} component="section" aria-label="How others felt" data-testid="details-others-feelings">
      <Title order={3} fz="sm">
        How others felt
      </Title>
      <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {members.map((member) => (
          <Group key={member.user_id} component="li" justify="space-between" align="flex-start" wrap="nowrap" gap="md">
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {nameOf(member)}
            </Text>
            <Stack gap={2} align="flex-end">
              <Text size="sm" component="div">
                {member.feeling ? <FeelingText feeling={member.feeling} /> : 'No feeling yet'}
              </Text>
              {member.second_feeling ? (
                <Text size="xs" c="dimmed" component="div">
                  <Group gap={4} justify="flex-end" wrap="nowrap" component="span">
                    On a second look: <FeelingText feeling={member.second_feeling} />
                  </Group>
                </Text>
              ) : null}
            </Stack>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
