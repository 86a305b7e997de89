package io.github.tidu4j.processor;

import com.google.auto.service.AutoService;
import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Reports {@code [tidu4j:LocalSet]} on a {@code @PrimitiveSet} declared inside a method, an
 * initializer, a lambda or an anonymous class. javac never hands such a set to {@link
 * PrimitiveSetProcessor} (it lists only member types), so without this check it would silently
 * generate nothing. Runs on every round's source types ({@code "*"}), reads them only, claims
 * nothing and generates nothing.
 */
@AutoService(Processor.class)
public final class LocalSetProcessor extends AbstractProcessor {
  private final Set<String> scanned = new HashSet<>();
  private LocalSetScanner scanner;

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    scanner = LocalSetScanner.create(env);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("*");
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    if (scanner == null) {
      return false;
    }
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement type && scanned.add(type.getQualifiedName().toString())) {
        scanner.scan(type);
      }
    }
    // claims nothing: every annotation stays for the processors that handle it
    return false;
  }
}
