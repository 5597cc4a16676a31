import { useMemo } from 'react';
import { Outlet, useParams } from 'react-router';
import { useProjectApi, useProjectId } from '../projects/current-project';
import { useMayWriteProject } from '../projects/project-role';
import { EndpointScopeProvider, type EndpointScope } from '../shared/endpoint-scope';
import { consumersKey, useConsumer } from './consumers.query';

/**
 * The portal's endpoint screens for a member, under `/projects/<id>/consumers/<uid>`: the same
 * calls through the member's project-plane client, cached with the rest of the consumers area
 * (so a change refreshes the consumer page's list too), titled with the consumer's name (its uid
 * until the consumer is read: the consumer page it is opened from has read it already), and the
 * writes offered only to a role that may make them.
 */
export function ConsumerEndpointsScope() {
  const api = useProjectApi();
  const projectId = useProjectId();
  const { uid = '' } = useParams();
  const mayWrite = useMayWriteProject();
  const owner = useConsumer(uid).data?.name ?? uid;
  const scope = useMemo<EndpointScope>(() => {
    const consumer = `/projects/${projectId}/consumers/${encodeURIComponent(uid)}`;
    return {
      api,
      uid,
      cacheKey: consumersKey(projectId),
      to: (path) => (path === '/' ? consumer : `${consumer}${path}`),
      owner,
      mayWrite,
    };
  }, [api, uid, projectId, mayWrite, owner]);
  return (
    <EndpointScopeProvider scope={scope}>
      <Outlet />
    </EndpointScopeProvider>
  );
}
