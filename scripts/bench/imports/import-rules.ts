// The rules of the import stage's second SQLite run (docs/DECISIONS.md #51): `count` rules of every
// kind of condition, created through the API before the upload. Most match none of the generated
// rows (as most of a person's rules miss most rows); the last three match a third of them, so the
// run pays for matching every row against every rule and for writing what the rules set.
const MATCHING = [
  { conditions: [{ field: 'payee', op: 'contains', value: 'starbucks' }], actions: { purpose: 'optional', feeling: 'neutral' } },
  { conditions: [{ field: 'description', op: 'starts_with', value: 'NETFLIX' }, { field: 'type', op: 'is', value: 'expense' }], actions: { purpose: 'culture' } },
  { conditions: [{ field: 'payee', op: 'contains', value: 'shell oil' }, { field: 'amount', op: 'between', value: { min: 0, max: 60 } }], actions: { notes: 'Fuel under $60' } },
];

function missingRule(index: number): unknown {
  const shapes = [
    { conditions: [{ field: 'payee', op: 'contains', value: `corner shop ${index}` }], actions: { purpose: 'survival' } },
    { conditions: [{ field: 'description', op: 'starts_with', value: `VENDOR ${index}` }], actions: { feeling: 'positive' } },
    { conditions: [{ field: 'payee', op: 'equals', value: `Market ${index}` }], actions: { purpose: 'unexpected' } },
    { conditions: [{ field: 'description', op: 'contains', value: `gym ${index}` }, { field: 'amount', op: 'between', value: { min: 20, max: 80 } }], actions: { notes: 'gym' } },
    { conditions: [{ field: 'type', op: 'is', value: 'income' }, { field: 'payee', op: 'contains', value: `bonus ${index}` }], actions: { feeling: 'positive' } },
  ];
  return shapes[index % shapes.length];
}

/** Creates `count` rules for the user; throws when the server refuses one. */
export async function createBenchRules(baseUrl: string, auth: Record<string, string>, count: number): Promise<void> {
  const rules = [...Array.from({ length: Math.max(count - MATCHING.length, 0) }, (_, index) => missingRule(index)), ...MATCHING].slice(0, count);
  for (const rule of rules) {
    const response = await fetch(`${baseUrl}/api/rules`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(rule) });
    if (response.status !== 201) throw new Error(`POST /api/rules answered ${response.status}: ${await response.text()}`);
  }
}
