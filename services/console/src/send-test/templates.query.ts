import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../session/api-error';
import { useProjectApi, useProjectId } from '../projects/current-project';
import type { Channel } from './event-draft';

/** A template name and what its versions offer: an event names it once and each channel renders its own. */
export interface TemplateChoice {
  name: string;
  channels: Channel[];
  variables: string[];
}

/** The project's templates grouped by name (the first 100; enough to pick one for a test). */
export function useTemplateChoices() {
  const api = useProjectApi();
  const projectId = useProjectId();
  return useQuery({
    queryKey: ['projects', projectId, 'templates', 'choices'],
    queryFn: async () => {
      const page = unwrap(await api.GET('/templates', { params: { query: { per_page: 100 } } }));
      const byName = new Map<string, TemplateChoice>();
      for (const t of page.items) {
        const choice = byName.get(t.name) ?? { name: t.name, channels: [], variables: [] };
        choice.channels.push(t.channel);
        choice.variables = [...new Set([...choice.variables, ...t.variables])];
        byName.set(t.name, choice);
      }
      return [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
    },
  });
}
