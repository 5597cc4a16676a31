import { useParams } from 'react-router';
import type { HeraldClient } from '@herald/client';
import { useApiClients } from '../session/session.context';

/** The project the URL names (`/projects/:projectId/...`): every project page lives under one. */
export function useProjectId(): string {
  const { projectId } = useParams();
  if (!projectId) throw new Error('not under /projects/:projectId');
  return projectId;
}

/** The project-plane client for the project in the URL (the bearer with X-Herald-Project). */
export function useProjectApi(): HeraldClient {
  return useApiClients().forProject(useProjectId());
}
