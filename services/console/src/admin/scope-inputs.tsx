import { TextInput } from '@mantine/core';

interface ScopeInputsProps {
  organizationId: string;
  projectId: string;
  onChange(scope: { organization_id?: string; project_id?: string }): void;
}

/** The platform reports' narrowing to one organization or one project, by id (as the project's URL and the audit entries show it). */
export function ScopeInputs({ organizationId, projectId, onChange }: ScopeInputsProps) {
  return (
    <>
      <TextInput
        label="Organization id"
        placeholder="every organization"
        value={organizationId}
        onChange={(e) => onChange({ organization_id: e.currentTarget.value })}
        w={300}
      />
      <TextInput
        label="Project id"
        placeholder="every project"
        value={projectId}
        onChange={(e) => onChange({ project_id: e.currentTarget.value })}
        w={300}
      />
    </>
  );
}

/** A draft's text fields without the blanks a paste brings along. */
export function trimmed<T extends Record<string, string>>(draft: T): T {
  return Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as T;
}
