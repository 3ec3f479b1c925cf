import { Flex, Tag } from 'antd';

export interface BadgeCategory {
  readonly id: string;
  readonly name: string;
  readonly active: boolean;
  readonly color: string;
  readonly bgColor: string;
}

/** The company's active categories as coloured badges (spec 002 §2.7). */
export function CategoryBadges({ categories }: { readonly categories: readonly BadgeCategory[] }) {
  const active = categories.filter((c) => c.active);
  if (active.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {active.map((c) => (
        <Tag key={c.id} style={{ color: c.color, background: c.bgColor, borderColor: c.bgColor, marginInlineEnd: 0 }}>
          {c.name}
        </Tag>
      ))}
    </Flex>
  );
}
