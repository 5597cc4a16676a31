import { Select } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { useAllProjects } from './projects.query';

/** Opens another project at the same page (events stay events), from every organization the user belongs to. */
export function ProjectSwitcher() {
  const { projectId } = useParams();
  const navigate = useNavigate();
  const { groups } = useAllProjects();
  const data = groups
    .filter((g) => g.projects.length > 0)
    .map((g) => ({ group: g.organization.name, items: g.projects.map((p) => ({ value: p.id, label: p.name })) }));
  return (
    <Select
      aria-label="Project"
      placeholder="Choose a project"
      data={data}
      value={projectId ?? null}
      onChange={(id) => {
        if (!id) return;
        const area = projectId ? window.location.pathname.split('/')[3] : undefined;
        navigate(area ? `/projects/${id}/${area}` : `/projects/${id}`);
      }}
      searchable
      nothingFoundMessage="No project"
      w={260}
      visibleFrom="xs"
    />
  );
}
