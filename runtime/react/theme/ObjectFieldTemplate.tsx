import { makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import type { ObjectFieldTemplateProps } from '@rjsf/utils';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
});

/** Lays out an object's properties in one column; a nested object's title becomes a subheading. */
export function ObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  const styles = useStyles();
  const nested = props.fieldPathId.path.length > 0;
  return (
    <div className={styles.group} role={nested ? 'group' : undefined} aria-labelledby={nested && props.title ? `${props.fieldPathId.$id}__title` : undefined}>
      {nested && props.title ? <Subtitle2 id={`${props.fieldPathId.$id}__title`}>{props.title}</Subtitle2> : null}
      {props.properties.map((p) => (p.hidden ? null : p.content))}
    </div>
  );
}
